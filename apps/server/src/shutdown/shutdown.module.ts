import { Global, Module } from '@nestjs/common';
import { GracefulStop } from './graceful-stop';

/** The stop's state, shared by the HTTP hook that refuses writes and the signal handler (main.ts). */
@Global()
@Module({ providers: [GracefulStop], exports: [GracefulStop] })
export class ShutdownModule {}
