import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, filenameFromContentDisposition } from '../download';

describe('downloadFile', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves text as a Blob of its type through a temporary link, and revokes the URL afterwards', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const revoke = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:http://localhost/conf';
        },
        revokeObjectURL: revoke,
      }),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
      expect(document.body.contains(this)).toBe(true);
    });

    downloadFile('gateway-injetora.conf', '[Interface]\n', 'text/plain;charset=utf-8');

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('gateway-injetora.conf');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:http://localhost/conf');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
    expect(await blobs[0]?.text()).toBe('[Interface]\n');
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/conf');
  });

  it('saves a Blob as it is', () => {
    const blob = new Blob(['x'], { type: 'application/pdf' });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (value: Blob) => {
          created.push(value);
          return 'blob:x';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    downloadFile('nota.pdf', blob);
    expect(created[0]).toBe(blob);
  });
});

describe('filenameFromContentDisposition', () => {
  it('reads the quoted, the bare and the RFC 5987 forms, preferring the last', () => {
    expect(filenameFromContentDisposition('attachment; filename="gateway-1.conf"')).toBe('gateway-1.conf');
    expect(filenameFromContentDisposition('attachment; filename=gateway-2.conf')).toBe('gateway-2.conf');
    expect(
      filenameFromContentDisposition(`attachment; filename="configura__o.conf"; filename*=UTF-8''configura%C3%A7%C3%A3o.conf`),
    ).toBe('configuração.conf');
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
  });

  it('keeps only the base name and gives null when there is none', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.conf"')).toBe('x.conf');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  });
});
