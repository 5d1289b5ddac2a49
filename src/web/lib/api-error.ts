// A failed call as every screen reads it: the message a person can read, the status, and the
// server's message per field.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }

  /** As a drawn page carries a failed read to the browser (an Error's message is not enumerable). */
  toJSON() {
    return { apiError: true, message: this.message, status: this.status, errors: this.errors };
  }

  /** The failure a drawn page carried (`toJSON`) as an ApiError again; anything else as it is. */
  static revive(value: unknown): unknown {
    const carried = value as ReturnType<ApiError['toJSON']> | null;
    return carried?.apiError === true ? new ApiError(carried.message, carried.status, carried.errors) : value;
  }
}
