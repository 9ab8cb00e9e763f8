import { isApiError } from '../../lib/api-client';

/** Agents read the server's own sentence (English, as the console is): it names what was refused. */
export const errorMessage = (error: unknown): string =>
  isApiError(error) ? `${error.message} (${error.code})` : 'Something went wrong; try again';
