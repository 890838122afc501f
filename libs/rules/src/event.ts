// Shape shared by every domain event. Hidden information sits in `secret`, so views, feeds and
// exports can strip it generically (see redactEvent) without knowing each event type.

export interface Secret<S> {
  /** Seats that may see `data` while the game runs; [] = nobody until the scenario ends. */
  visibleTo: number[];
  /** Stays hidden even once the scenario ends (a fork's starting board holds its source's secrets). */
  sealed?: boolean;
  data: S;
}

export interface DomainEvent<Type extends string, Data, S = never> {
  type: Type;
  data: Data;
  secret?: [S] extends [never] ? never : Secret<S>;
}

/** A command as the rules see it: a discriminated union on `type`. */
export interface DomainCommand<Type extends string> {
  type: Type;
}
