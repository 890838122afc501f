import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { CommandDto } from './command-base.dto';

export class StartNavigationDto extends CommandDto {
  @IsOptional() @IsString() @Length(1, 100)
  shipId?: string;
}

export class MoveShipDto extends CommandDto {}

export class TurnShipDto extends CommandDto {
  @IsIn(['cw', 'ccw'])
  direction!: 'cw' | 'ccw';
}

export class ExploreTileDto extends CommandDto {
  @IsOptional() @IsInt() @Min(0) @Max(5)
  rotation?: number;
}

export class EndNavigationDto extends CommandDto {}

export class NavigationStepDto {
  @IsIn(['move', 'turn', 'explore'])
  action!: 'move' | 'turn' | 'explore';

  @IsOptional() @IsIn(['cw', 'ccw'])
  direction?: 'cw' | 'ccw';

  @IsOptional() @IsInt() @Min(0) @Max(5)
  rotation?: number;
}

export class NavigateDto extends CommandDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(50) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => NavigationStepDto)
  steps!: NavigationStepDto[];
}

export class MoveCrewDto extends CommandDto {
  @IsString() @Length(1, 100)
  crewId!: string;

  @IsString() @Length(1, 100)
  node!: string;
}

export class DropAnchorDto extends CommandDto {}
export class WeighAnchorDto extends CommandDto {}
export class EndTurnDto extends CommandDto {}
