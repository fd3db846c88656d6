/**
 * A name cut after each separator (`_`, `-`, `.`, `/`, `:`), where a line may break:
 * `mcp_fs_read-file` → `mcp_`, `fs_`, `read-`, `file`. The parts joined are the name.
 */
export function nameParts(name: string): string[] {
  return name.match(/[^_\-./:]*(?:[_\-./:]+|$)/g)?.filter((p) => p !== '') ?? [name];
}
