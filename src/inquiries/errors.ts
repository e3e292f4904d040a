/** Lifecycle errors with the HTTP status the REST layer maps them to (the tools map them to hints). */
export class ServiceError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
export const notFound = (what: string, id: string) => new ServiceError(404, `${what} not found: ${id}`);
export const forbidden = (what: string) => new ServiceError(403, `Access denied: this ${what} belongs to another account`);
export const tooMany = (message: string, retryAfterSeconds: number) => new ServiceError(429, message, retryAfterSeconds);
export const unavailable = (message: string, retryAfterSeconds: number) => new ServiceError(503, message, retryAfterSeconds);
