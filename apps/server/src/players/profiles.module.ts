import { Module } from '@nestjs/common';
import { ProfilesService } from './profiles.service';

/** The profiles themselves, apart from their HTTP calls: the games module checks a seat's profile with them. */
@Module({ providers: [ProfilesService], exports: [ProfilesService] })
export class ProfilesModule {}
