// Commit messages: a subject of 72 characters or fewer, a blank line, then a body that says why.
// `node scripts/commit-message.mjs <file>` checks one message (the commit-msg hook in .githooks,
// which `npm install` turns on); `--since <commit>` checks every commit after it on HEAD (CI, from
// the commit where the rule began). Fixups that `git rebase --autosquash` folds away need no body.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const subjectMax = 72;

/** What is wrong with a message, or nothing. */
export function problemsOf(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const [subject = '', second = '', ...body] = lines;
  const problems = [];
  if (subject.trim() === '') problems.push('the subject is empty');
  if (subject.length > subjectMax)
    problems.push(`the subject has ${subject.length} characters (at most ${subjectMax})`);
  if (/^(fixup|squash|amend)! /.test(subject)) return problems;
  if (second !== '') problems.push('the second line is not blank');
  if (!body.some((line) => line.trim() !== '')) problems.push('there is no body saying why');
  return problems;
}

function git(...args) {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : null;
}

const [mode, value] = process.argv.slice(2);
let failed = false;
if (mode === '--since') {
  if (git('cat-file', '-e', `${value}^{commit}`) === null) {
    console.log(`commit messages: ${value} is not in this clone's history; nothing to check`);
  } else {
    const hashes = (git('rev-list', '--no-merges', `${value}..HEAD`) ?? '').split('\n').filter(Boolean);
    for (const hash of hashes) {
      const problems = problemsOf(git('log', '-1', '--format=%B', hash) ?? '');
      if (problems.length) {
        failed = true;
        console.log(`${hash.slice(0, 10)}: ${problems.join('; ')}`);
      }
    }
    console.log(`commit messages: ${hashes.length} checked since ${value.slice(0, 10)}`);
  }
} else if (mode) {
  const problems = problemsOf(fs.readFileSync(mode, 'utf8'));
  if (problems.length) {
    failed = true;
    console.error(`commit message refused: ${problems.join('; ')}.`);
  }
} else {
  console.error('usage: commit-message.mjs <message file> | --since <commit>');
  failed = true;
}
process.exit(failed ? 1 : 0);
