/** Two projects: `unit` (beside the code, no stack) and `e2e` (one real stack per run). */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] };

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/worker/src/**/*.test.ts', '<rootDir>/tests/php/**/*.test.ts', '<rootDir>/tests/emulators/**/*.test.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
  ],
};
