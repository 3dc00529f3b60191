// Lets plain Node require the emulator's TypeScript sources: each .ts file is transpiled on
// load with the project's own compiler (no build step, no type check — `npm test` type-checks
// them). Used by run.js (the emulator process) and by the benchmark (bench/peers.mjs).
'use strict';
const { readFileSync } = require('node:fs');
const ts = require('typescript');

if (!require.extensions['.ts']) {
  require.extensions['.ts'] = (module, filename) => {
    const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    module._compile(outputText, filename);
  };
}
