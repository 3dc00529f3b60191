/**
 * Three projects: `unit` (beside the code, no stack), `admin-ui` (the wp-admin screen's
 * components and store, jsdom) and `e2e` (one real stack per run; the browser tests in
 * tests/browser share it).
 */
const path = require('path');

const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] };
// A stack inside the repository (.stack/, npm start) holds WordPress themes with their own package.json.
const modulePathIgnorePatterns = ['<rootDir>/.stack/'];

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      modulePathIgnorePatterns,
      transform,
      testMatch: ['<rootDir>/worker/src/**/*.test.ts', '<rootDir>/tests/php/**/*.test.ts', '<rootDir>/tests/emulators/**/*.test.ts', '<rootDir>/tests/scripts/**/*.test.ts'],
    },
    {
      displayName: 'admin-ui',
      testEnvironment: 'jsdom',
      modulePathIgnorePatterns,
      transform: { '^.+\\.m?js$': ['babel-jest', { configFile: path.join(__dirname, 'admin-ui', 'babel.config.js') }] },
      testMatch: ['<rootDir>/admin-ui/src/**/*.test.js'],
      // ESM-only dependencies of @wordpress/components (uuid, .mjs builds) are compiled too.
      transformIgnorePatterns: ['/node_modules/(?!uuid/).+\\.c?js$'],
      setupFilesAfterEnv: ['<rootDir>/admin-ui/jest.setup.js'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      modulePathIgnorePatterns,
      transform,
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts', '<rootDir>/tests/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/support/php-notices.ts'],
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
  ],
};
