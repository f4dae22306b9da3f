const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

// One config, three test types selected by TEST_TYPE (the layout of Medusa's starters).
// unit: pure code and the carrier clients against the sandbox over real HTTP (no database).
// integration:http: a real Medusa app booted by medusaIntegrationTestRunner on PostgreSQL.
const base = {
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", decorators: true }, target: "es2021" } },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  setupFiles: ["./integration-tests/setup.js"],
}

if (process.env.TEST_TYPE === "integration:http") {
  module.exports = {
    ...base,
    testMatch: ["**/integration-tests/http/*.spec.[jt]s"],
    globalSetup: "./integration-tests/global-setup.js",
    globalTeardown: "./integration-tests/global-teardown.js",
  }
} else if (process.env.TEST_TYPE === "e2e") {
  // Browser tests: they start their own demo store (npm run demo) and need no database setup here.
  module.exports = { ...base, testMatch: ["**/e2e/*.e2e.[jt]s"] }
} else if (process.env.TEST_TYPE === "bench") {
  module.exports = {
    ...base,
    testMatch: ["**/bench/*.bench.[jt]s"],
    globalSetup: "./integration-tests/global-setup.js",
    globalTeardown: "./integration-tests/global-teardown.js",
  }
} else {
  module.exports = {
    ...base,
    testMatch: [
      "<rootDir>/src/**/__tests__/**/*.unit.spec.[jt]s",
      "<rootDir>/sandbox/**/__tests__/**/*.unit.spec.[jt]s",
      "<rootDir>/integration-tests/package/*.unit.spec.[jt]s",
    ],
  }
}
