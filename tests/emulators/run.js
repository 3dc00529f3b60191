// Starts the provider emulator as a process of its own: `node tests/emulators/run.js`.
// The TypeScript sources are transpiled on load with the project's own compiler (no build
// step, no type check — `npm test` type-checks them). See README.md.
'use strict';
const { readFileSync } = require('node:fs');
const ts = require('typescript');

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  module._compile(outputText, filename);
};

require('./main.ts');
