import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi.ts';

describe('npm run -s openapi', () => {
  it('describes the API without connecting to anything', async () => {
    const document = (await openApiDocument()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/account/register', '/api/account/authenticate', '/api/onboarding/on-board-info']),
    );
    expect(document.paths['/api/account']).toHaveProperty('patch');
  });
});
