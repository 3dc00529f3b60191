// Starts the test client site (webhook receiver) as a process of its own; see client-receiver.ts.
'use strict';
require('../emulators/register-typescript');
require('./client-receiver-main.ts');
