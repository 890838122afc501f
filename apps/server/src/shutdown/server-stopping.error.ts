import { ServiceUnavailableException } from '@nestjs/common';

/** What a request refused by a stopping server is told to wait before it tries again. */
export const STOPPING_RETRY_AFTER_SECONDS = 5;

/** A write or a new live feed while the server is stopping (503 with Retry-After). */
export class ServerStoppingError extends ServiceUnavailableException {
  constructor() {
    super(`The server is stopping: send this again in ${STOPPING_RETRY_AFTER_SECONDS} s (to this server once it is back, or to another)`);
  }
}
