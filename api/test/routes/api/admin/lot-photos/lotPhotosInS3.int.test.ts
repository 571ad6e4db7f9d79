import { type S3Double, startS3Double } from '@auction/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../../../src/app.ts';
import { bearer, login } from '../../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../../useTestApp.ts';

/** The same API with S3_URL set: photos go to the bucket (the local S3 double) instead of the disk. */
let s3: S3Double;
beforeAll(async () => {
  s3 = await startS3Double();
});
afterAll(() => s3?.stop());
const settings: Partial<AppDeps> = {
  get s3Url() {
    return s3.s3Url('auction-media', 'photos');
  },
};
const test = useTestApp({ app: settings });

describe('lot photos with S3_URL set', () => {
  it('stores both sizes in the bucket under its prefix and serves them back from it', async () => {
    const manager = (await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token;
    const lot = { id: await test.firstLotId(test.galaId) };
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2e86de' } })
      .jpeg()
      .toBuffer();
    const uploaded = await test.app.inject({
      method: 'POST',
      url: `/api/admin/lots/${lot.id}/photos`,
      headers: { ...bearer(manager), 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { fullPathLarge, fullPathMedium } = uploaded.json() as { fullPathLarge: string; fullPathMedium: string };
    const stored = s3.objects('auction-media');
    for (const path of [fullPathLarge, fullPathMedium]) {
      const name = path.split('/').pop() as string;
      const object = stored.get(`photos/${name}`);
      expect(object?.contentType).toBe('image/webp');
      const served = await test.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.equals(object?.body as Buffer)).toBe(true);
    }
    expect((await sharp(stored.get(`photos/${fullPathMedium.split('/').pop()}`)?.body).metadata()).width).toBe(600);
    // A name the bucket does not have is the same 404 as on disk.
    const missing = await test.app.inject({ method: 'GET', url: fullPathLarge.replace(/[0-9a-f]{8}-/, '00000000-') });
    expect(missing.statusCode).toBe(404);
  });
});
