import { createApiClient } from './client.ts';

/** The app's one client (index.ts says how the app shell configures it). */
export const api = createApiClient();
