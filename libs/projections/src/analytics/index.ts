export * from './aggregate';
export * from './analytics-store';
export * from './analytics.projection';
export * from './chi-square';
export * from './game-analytics';
export * from './player-analytics';
