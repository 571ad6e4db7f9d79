import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaSettings } from '../../src/media/index.ts';

describe('where the photos are, as the API and the workers read it', () => {
  it('is DATA_DIR/media without S3_URL', () => {
    expect(mediaSettings({ DATA_DIR: '/srv/auctions' })).toEqual({ mediaDir: join('/srv/auctions', 'media') });
  });

  it("is S3_URL's bucket when set", () => {
    const settings = mediaSettings({
      DATA_DIR: '.data',
      S3_URL: 'https://k:s@s3.example/photos/prod?region=ca-central-1',
    });
    expect(settings.s3).toMatchObject({ bucket: 'photos', prefix: 'prod/', region: 'ca-central-1' });
  });

  it('refuses a malformed S3_URL in a sentence naming it', () => {
    expect(() => mediaSettings({ DATA_DIR: '.data', S3_URL: 'https://k:s@host' })).toThrow(/S3_URL/);
  });
});
