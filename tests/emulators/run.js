// Starts the provider emulator as a process of its own: `node tests/emulators/run.js`.
// See README.md.
'use strict';
require('./register-typescript');
require('./main.ts');
