import 'fake-indexeddb/auto';
import { configure } from '@testing-library/preact';

// findBy*/waitFor wait for a condition, never a fixed time; 1 s ran out once on the busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });
