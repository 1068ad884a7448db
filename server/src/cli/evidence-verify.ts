/**
 * `npm run evidence:verify FILE`: checks an application's evidence file as the back office
 * exported it (ADR 32), with no database and no configuration: every entry's hash recomputed
 * from its content, every link to the entry before, the order, and the count and last hash the
 * header recorded. Exit code 0 when it verifies, 1 when it breaks (printing where: the first
 * problem is where it breaks), 2 when the file is not an evidence file at all.
 */
import { readFile } from 'node:fs/promises';
import { verifyEvidenceText } from '../services/evidence-chain';

export async function main(args: readonly string[] = process.argv.slice(2), print: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    print('usage: npm run evidence:verify FILE');
    return 2;
  }
  let text: string;
  try {
    // Bytes that are not UTF-8 become U+FFFD here, and so a hash that does not match.
    text = await readFile(file, 'utf8');
  } catch (error) {
    print(`not an evidence file: ${file} cannot be read (${error instanceof Error ? error.message : String(error)})`);
    return 2;
  }
  const result = verifyEvidenceText(text);
  switch (result.outcome) {
    case 'verified':
      print(`verified: ${result.entries} entries, head ${result.headHash}`);
      print(`application ${result.application}`);
      return 0;
    case 'broken':
      print(`NOT verified: application ${result.application}, ${result.entries} entries`);
      for (const problem of result.problems) print(`  ${problem}`);
      return 1;
    case 'not-evidence':
      print(`not an evidence file: ${result.reason}`);
      return 2;
  }
}
