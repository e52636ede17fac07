import { describe, expect, it } from 'vitest';
import { call } from '../../../testing/api';

describe('GET /openapi.json', () => {
  it('documents the payments and back-office order routes with their access', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/backoffice/order/{id}/status']?.post?.['x-access']).toBe('staff');
    expect(doc.body.paths['/backoffice/payment-platform/{id}/disable']?.post?.['x-access']).toBe('staff');
    expect(doc.body.paths['/payment-method']?.get?.['x-access']).toBe('read');
    expect(doc.body.paths['/discount-rule']?.get?.['x-access']).toBe('read');
  });
});
