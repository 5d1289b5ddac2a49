// The server tests' row builders, for a component test to put on the server what its screen shows.
export * from '../../server/test/factories.js';
