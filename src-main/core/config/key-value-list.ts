/**
 * Parses `k1=v1,k2=v2`, the W3C-baggage-like lists of environment variables such as
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_RESOURCE_ATTRIBUTES`; values are URL-decoded (kept as
 * written when they are not valid URL encoding), parts without a key are skipped.
 */
export function parseKeyValueList(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (text ?? '').split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const key = part.slice(0, i).trim();
    let value = part.slice(i + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not URL-encoded after all: keep it as written.
    }
    if (key) out[key] = value;
  }
  return out;
}
