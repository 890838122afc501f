// Nest's ValidationPipe, with oversized arrays refused before it transforms the body (see
// array-maxima.ts): the same 400 and the same wording as the pipe's own @ArrayMaxSize message.
// What a refused body is told is one message per field (validation-messages.ts).
import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationPipeOptions } from '@nestjs/common';
import { oversizedArrays } from './array-maxima';
import { pipeMessages } from './validation-messages';

export class BoundedValidationPipe extends ValidationPipe {
  constructor(options: ValidationPipeOptions = {}) {
    // The errors keep their target (Nest drops it by default): its class names the known fields.
    // Only the messages leave the server.
    super({ exceptionFactory: (errors) => new BadRequestException(pipeMessages(errors)), validationError: { target: true, value: true }, ...options });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = metadata.metatype;
    if (metadata.type === 'body' && typeof type === 'function' && value !== null && typeof value === 'object') {
      const oversized = oversizedArrays(type as abstract new (...args: never[]) => unknown, value);
      if (oversized.length > 0) {
        // The pipe's own messages name a nested field by its parents' path (`a.0.b must …`).
        throw new BadRequestException(
          oversized.map(
            ({ path, message }) =>
              `${path
                .split('.')
                .slice(0, -1)
                .map((p) => `${p}.`)
                .join('')}${message}`,
          ),
        );
      }
    }
    return super.transform(value, metadata);
  }
}
