export declare function v8PoolSize(cores?: number): number;
