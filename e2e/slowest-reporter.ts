/** Playwright's list says each test; this says the slowest ten once the run ends. */
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { slowestTests, type TestTime } from "../scripts/slowest-tests.ts";

export default class SlowestReporter implements Reporter {
  private times: TestTime[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.times.push({ name: `${test.location.file.split("/").pop()} › ${test.title}`, ms: result.duration });
  }

  onEnd() {
    if (this.times.length > 0) console.log(`\n${slowestTests(this.times)}`);
  }

  printsToStdio() {
    return false;
  }
}
