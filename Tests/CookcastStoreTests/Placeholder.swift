// Placeholder so the test target builds.
