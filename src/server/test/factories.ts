// The tests build rows with the same builders as the seed.
export * from '../db/builders.js';
