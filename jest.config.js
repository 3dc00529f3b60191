/**
 * Three projects: `unit` (beside the code, no stack), `admin-ui` (the wp-admin screen's
 * components and store, jsdom) and `e2e` (one real stack per run; the browser tests in
 * tests/browser share it).
 */
const fs = require("fs");
const path = require("path");

const transform = {
  "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }],
};
// The newest client libraries the e2e tests drive (the AI SDK 7, the OpenAI Agents SDK) and some of their dependencies
// ship ES modules only: Babel turns the import statements of every package marked `"type": "module"` into require() for
// Jest's CommonJS runtime (tests/README.md, "Client libraries").
function esModulePackages() {
  const root = path.join(__dirname, "node_modules");
  const names = [];
  for (const entry of fs.readdirSync(root)) {
    const inScope = entry.startsWith("@")
      ? fs.readdirSync(path.join(root, entry)).map((name) => `${entry}/${name}`)
      : [entry];
    for (const name of inScope) {
      try {
        if (
          JSON.parse(
            fs.readFileSync(path.join(root, name, "package.json"), "utf8"),
          ).type === "module"
        )
          names.push(name);
      } catch {
        // not a package (.bin, .package-lock.json)
      }
    }
  }
  return names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}
const e2eTransform = {
  ...transform,
  "^.+\\.m?js$": [
    "babel-jest",
    {
      babelrc: false,
      configFile: false,
      sourceType: "unambiguous",
      plugins: ["@babel/plugin-transform-modules-commonjs"],
    },
  ],
};
// A stack inside the repository (.stack/, npm start) holds WordPress themes with their own package.json.
const modulePathIgnorePatterns = ["<rootDir>/.stack/"];

module.exports = {
  // A test's own steps on a loaded 2-core machine (a CI run beside another e2e run took 43 s for
  // the AI money story); WAIT_MS (tests/support/eventually.ts) stays well under it.
  testTimeout: 90000,
  projects: [
    {
      displayName: "unit",
      testEnvironment: "node",
      modulePathIgnorePatterns,
      transform,
      testMatch: [
        "<rootDir>/worker/src/**/*.test.ts",
        "<rootDir>/tests/php/**/*.test.ts",
        "<rootDir>/tests/emulators/**/*.test.ts",
        "<rootDir>/tests/scripts/**/*.test.ts",
      ],
    },
    {
      displayName: "admin-ui",
      testEnvironment: "jsdom",
      modulePathIgnorePatterns,
      transform: {
        "^.+\\.m?js$": [
          "babel-jest",
          { configFile: path.join(__dirname, "admin-ui", "babel.config.js") },
        ],
      },
      testMatch: ["<rootDir>/admin-ui/src/**/*.test.js"],
      // ESM-only dependencies of @wordpress/components (uuid, .mjs builds) are compiled too.
      transformIgnorePatterns: ["/node_modules/(?!uuid/).+\\.c?js$"],
      setupFilesAfterEnv: ["<rootDir>/admin-ui/jest.setup.js"],
    },
    {
      displayName: "e2e",
      testEnvironment: "node",
      modulePathIgnorePatterns,
      transform: e2eTransform,
      transformIgnorePatterns: [
        `/node_modules/(?!(${esModulePackages().join("|")})/)`,
      ],
      testMatch: [
        "<rootDir>/tests/e2e/**/*.test.ts",
        "<rootDir>/tests/browser/**/*.test.ts",
      ],
      globalSetup: "<rootDir>/tests/support/global-setup.ts",
      setupFilesAfterEnv: ["<rootDir>/tests/support/php-notices.ts"],
      globalTeardown: "<rootDir>/tests/support/global-teardown.ts",
    },
  ],
};
