/** A failed call: code is the server's message (or a client-side code), text is what the player reads. */
export class ApiError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  readonly status: number;

  constructor(code: string, text: string, status: number, field?: string) {
    super(text);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
