import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s (default 1 s): a lazy component's first import on a loaded 2-core
// CI machine can take longer than a second. A passing wait ends as soon as its element shows.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
