/** A config problem the user must fix; crosses boundaries with a stable code (exit 2). */
export class ConfigError extends Error {
  readonly code = 'CONFIG_ERROR';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
