import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, ValidateNested } from 'class-validator';
import { commandDtoClasses } from '../games/dto/command-dtos';
import { CreateGameDto } from '../games/dto/create-game.dto';
import { ForkGameDto } from '../games/dto/fork-game.dto';
import { arraysWithoutMaximum, oversizedArrays } from './array-maxima';

class LeafDto {
  @IsArray()
  @ArrayMaxSize(2)
  @IsString({ each: true })
  tags!: string[];
}

class RootDto {
  @IsArray()
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => LeafDto)
  leaves!: LeafDto[];

  @ValidateNested()
  @Type(() => LeafDto)
  one!: LeafDto;
}

class UnboundedDto {
  @IsArray()
  @IsString({ each: true })
  names!: string[];
}

describe('oversizedArrays', () => {
  it('names an array over its @ArrayMaxSize in class-validator words, at its path', () => {
    expect(oversizedArrays(RootDto, { leaves: [{}, {}, {}, {}] })).toEqual([{ path: 'leaves', message: 'leaves must contain no more than 3 elements' }]);
    expect(oversizedArrays(RootDto, { leaves: [{ tags: [] }, { tags: ['a', 'b', 'c'] }], one: { tags: ['a', 'b', 'c'] } })).toEqual([
      { path: 'leaves.1.tags', message: 'tags must contain no more than 2 elements' },
      { path: 'one.tags', message: 'tags must contain no more than 2 elements' },
    ]);
  });

  it('leaves arrays within their maximum, and anything that is not an array, to the validators', () => {
    expect(oversizedArrays(RootDto, { leaves: [{ tags: ['a'] }], one: 'x' })).toEqual([]);
    expect(oversizedArrays(RootDto, { leaves: 'x' })).toEqual([]);
    expect(oversizedArrays(RootDto, null)).toEqual([]);
  });

  it('does not look into the elements of an array over its maximum', () => {
    const elements = Array.from({ length: 10 }, () => ({
      get tags(): string[] {
        throw new Error('an element was read');
      },
    }));
    expect(oversizedArrays(RootDto, { leaves: elements })).toHaveLength(1);
  });
});

describe('arraysWithoutMaximum', () => {
  it('finds an array property without @ArrayMaxSize', () => {
    expect(arraysWithoutMaximum(UnboundedDto)).toEqual(['UnboundedDto.names']);
    expect(arraysWithoutMaximum(RootDto)).toEqual([]);
  });

  it('finds none in the request DTOs: every array a client sends has a maximum', () => {
    const dtos = [CreateGameDto, ForkGameDto, ...commandDtoClasses().map(([, dto]) => dto)];
    expect(dtos.flatMap((dto) => arraysWithoutMaximum(dto))).toEqual([]);
  });
});
