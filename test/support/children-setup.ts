/** Setup file of every test file (vitest.config.ts): no child process outlives the file that started it. */
import { afterAll } from 'vitest';
import { stopAll } from './children.js';

afterAll(stopAll);
