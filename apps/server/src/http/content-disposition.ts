/**
 * A Content-Disposition header (`attachment` to save, `inline` to show) with the file's name in
 * both the plain and the RFC 5987 (UTF-8) form.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
