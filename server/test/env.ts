/** The test run's own settings, read once here. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
