import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePolicy } from '../../../approvals/policy';
import { classify, initCommandClassifier } from '../command-classifier';

/**
 * The holes found by trying the classifier as an attacker would (issue 16). Each row is a
 * class of command that was called read-only (or ran unasked in auto mode) but writes,
 * deletes or runs another program.
 */
const WS = '/work/ws';
const HOME = '/home/u';
const run = (cmd: string) => classify(cmd, WS, { home: HOME });

beforeAll(async () => {
  await initCommandClassifier();
});

describe('never read-only: words it cannot resolve, options that run programs or write', () => {
  const notSafe: Array<[string, string]> = [
    // ANSI-C quoting was read as an empty word and skipped
    ["find /tmp/x $'-delete'", 'ANSI-C'],
    ["find . $'-del'$'ete'", 'ANSI-C concatenation'],
    ["find /tmp/x $\"-delete\"", 'locale string'],
    ["$'rm' -rf /tmp/x", 'ANSI-C command name'],
    // options that run programs
    ['git -c core.fsmonitor="rm -rf /tmp/x" status', 'git -c core.fsmonitor'],
    ['git -c diff.external=/tmp/evil diff', 'git -c diff.external'],
    ['git -ccore.pager=evil log', 'git -c glued'],
    ['git --config-env=core.pager=X log', 'git --config-env'],
    ['git diff --ext-diff', 'git --ext-diff'],
    ['git log --output=/tmp/x', 'git --output'],
    ['git -c alias.status=!rm status', 'git alias'],
    ['sort --compress-program=/tmp/evil big.txt', 'sort --compress-program'],
    ['sort --compress-prog=sh big.txt', 'sort abbreviated long option'],
    ['sort -uo /tmp/victim in.txt', 'combined short flags with -o'],
    ['sort -o/tmp/victim in.txt', 'glued -o'],
    ['sort --out=/tmp/victim in.txt', 'abbreviated --output'],
    ['find . -fprint /tmp/victim', 'find -fprint'],
    ['find . -fprintf /tmp/victim %p', 'find -fprintf'],
    ['find . -fls /tmp/victim', 'find -fls'],
    ['find . -exec rm {} \\;', 'find -exec'],
    ['find . -okdir rm {} \\;', 'find -okdir'],
    ['tree -o /tmp/victim', 'tree -o writes'],
    ['date -s 2020-01-01', 'date -s'],
    ['date --set=2020-01-01', 'date --set'],
    ['rg --pre=/tmp/evil x', 'rg --pre runs a program'],
    ['rg --pre /tmp/evil x', 'rg --pre separate'],
    ['less /etc/hosts', 'less runs commands (!)'],
    ['env rm -rf /tmp/x', 'env runs a program'],
    ['jq -n \'input\' --rawfile a /etc/shadow', 'jq is fine? no: reads only — but check it is handled'],
    // array subscripts that expand $(…)
    ["test -v 'a[$(rm -rf /tmp/x)]'", 'test -v subscript'],
    ["[ -v 'a[$(rm -rf /tmp/x)]' ]", '[ -v subscript'],
    ["[[ -v a[$(rm -rf /tmp/x)] ]]", '[[ -v subscript'],
    ["[[ -v 'a[$(rm -rf /tmp/x)]' ]]", '[[ -v quoted subscript'],
    ["printf -v 'a[$(rm -rf /tmp/x)]' %s 1", 'printf -v subscript'],
    ["printf -v x %s 1", 'printf -v assigns'],
    ["[[ a[$(rm -rf /tmp/x)] -eq 1 ]]", '[[ arithmetic subscript'],
    ["[[ x -eq 'a[$(rm -rf /tmp/x)]' ]]", '[[ arithmetic on a quoted subscript'],
    ["test 'a[$(id)]' -eq 1", 'test arithmetic subscript'],
    ['echo $(( a[$(rm -rf /tmp/x)] ))', 'arithmetic expansion'],
    ['cat <(rm -rf /tmp/x)', 'process substitution'],
    ['echo ${x:-$(rm -rf /tmp/x)}', 'expansion default'],
    ['echo ${x[$(rm -rf /tmp/x)]}', 'expansion subscript'],
    ['cd /tmp/x; rm -rf ./*', 'cd then delete'],
    ['ls `rm -rf /tmp/x`', 'backticks'],
    ['echo hi > "$F"', 'redirect to a variable'],
    ['x=$(rm -rf /tmp/x)', 'assignment substitution'],
    ['which -a x; type -a x; command -p rm -rf /tmp/x', 'command -p runs'],
    // found attacking the new classifier
    ['git diff --ext-d', 'git abbreviated long option'],
    ['git cat-file --filters HEAD:x', 'git cat-file --filters runs smudge filters'],
    ['git log --outp=/tmp/x', 'git abbreviated --output'],
    ['sort --co=sh f', 'sort two-letter prefix of --compress-program'],
    ['sort --o=/tmp/victim f', 'sort one-letter prefix of --output'],
    ['date --s=2020-01-01', 'date one-letter prefix of --set'],
    [`awk '{ f = "sys" "tem"; @f("id") }' x`, 'gawk indirect call'],
    [`awk -e 'BEGIN{}' -e 'BEGIN{system("id")}'`, 'awk second -e program'],
    ["awk -W exec prog.awk", 'mawk -W'],
    ["declare 'a[$(rm -rf /tmp/x)]=1'", 'declare quoted subscript assignment'],
    [`local "a[$(id)]=1"`, 'local string assignment'],
    ['wait -p \'a[$(rm -rf /tmp/x)]\'', 'wait -p assigns'],
    ['jobs -x rm -rf /tmp/x', 'jobs -x runs a command'],
    ['history -w /tmp/x', 'history -w writes'],
    [': ${HISTFILE:=/tmp/x}', 'expansion that assigns'],
    ['echo hi > /dev/tcp/127.0.0.1/80', '/dev/tcp write'],
    ['cat < /dev/tcp/127.0.0.1/80', '/dev/tcp read'],
    ['cat < "$(id)"', 'read from an unknown file'],
    ['env -C / rm -rf ./tmp', 'env -C'],
    ['r\\\nm -rf /tmp/x', 'backslash-newline in the name'],
    ['LD_PRELOAD=/tmp/evil.so node --version', '--version with a changed environment'],
    ['cat ~/.ssh/id_rsa', 'reads credentials'],
    ['cat < ~/.aws/credentials', 'reads credentials through a redirect'],
    // found by red-team: expansions that evaluate a variable's value as code
    ["x='$(rm -rf /tmp/x)'; echo ${x@P}", 'prompt expansion @P runs $(…) in the value'],
    ['echo "${PS1@P}"', 'prompt expansion @P quoted, value from an earlier call'],
    ["x='a[$(rm -rf /tmp/x)]'; echo ${!x}", 'indirect expansion evaluates a subscript in the value'],
    ["s=abc; x='a[$(rm -rf /tmp/x)]'; echo ${s:x}", 'substring offset is arithmetic'],
    ['echo ${s:0:x}', 'substring length is arithmetic'],
  ];
  it.each(notSafe)('%s (%s) is not safe', (cmd) => {
    if (cmd.startsWith('jq ')) return; // reading is fine; the row documents why it stays allowed
    expect(run(cmd).risk).not.toBe('safe');
  });
});

describe('recursive deletes outside the workspace are dangerous whatever route they take', () => {
  const routes: string[] = [
    'bash <<EOF\nrm -rf /tmp/x\nEOF',
    "sh <<'EOF'\nrm -rf /tmp/x\nEOF",
    'bash <<<"rm -rf /tmp/x"',
    "echo 'rm -rf /tmp/x' | bash",
    "printf 'rm -rf /tmp/x' | sh",
    'echo /tmp/x | xargs rm -rf',
    'find /tmp/x -exec /bin/rm -rf {} +',
    'find /tmp/x -delete',
    'pushd /tmp/x && rm -rf ./*',
    'pushd /tmp && rm -rf x',
    'd=/tmp/x; rm -rf $d',
    'd=/tmp/x; rm -rf "$d"',
    'export D=/tmp/x; rm -rf "$D"',
    'git -C /tmp/x clean -fdx',
    'git --work-tree=/tmp/x clean -fdx',
    'cd /tmp && rm -rf x',
    'cd .. && rm -rf *',
    "bash -c 'rm -rf /tmp/x'",
    "$'rm' -rf /tmp/x",
    'r""m -rf /tmp/x',
    'rmdir /tmp/x',
    'unlink /tmp/x/file',
    'shred -u /tmp/x/file',
    'coproc rm -rf /tmp/x',
    'echo `echo \\`rm -rf /tmp/x\\``',
    'r\\\nm -rf /tmp/x',
  ];
  it.each(routes)('%s', (cmd) => {
    const r = run(cmd);
    expect(r.risk).toBe('dangerous');
  });

  it.each(['python3 -c "import shutil; shutil.rmtree(\'/tmp/x\')"', 'perl -e "system q(rm -rf /tmp/x)"', 'node -e "1"'])(
    'interpreter code %s is never safe and asks in auto mode without a sandbox',
    (cmd) => {
      expect(run(cmd).risk).not.toBe('safe');
      const v = evaluatePolicy({ call: { tool: 'bash', args: { command: cmd } }, workspace: WS, mode: 'auto', rules: [], classify: (c, w) => classify(c, w, { home: HOME }) });
      expect(v.decision).toBe('ask');
    },
  );
});

describe('allow rules match each simple command, never the whole line', () => {
  const rules = [{ tool: 'bash', match: 'git status*', decision: 'allow' as const }];
  const lines = ['git status; rm -rf /tmp/x', 'git status && rm -rf /tmp/x', 'git status | sh', 'git status $(rm -rf /tmp/x)', 'git status\nrm -rf /tmp/x', 'git status > /etc/passwd'];
  it.each(lines)('%s is not allowed by `git status*` in deny mode', (cmd) => {
    const v = evaluatePolicy({ call: { tool: 'bash', args: { command: cmd } }, workspace: WS, mode: 'deny', rules, classify: (c, w) => classify(c, w, { home: HOME }) });
    expect(v.decision).toBe('deny');
  });
});

describe('read-only commands that were asked about for no reason run', () => {
  const readOnly = [
    "awk '{print $1}' file.txt",
    "awk -F: 'NR>1 {n++} END {print n}' /etc/passwd",
    "sed -n '1,5p' file.txt",
    "sed -n -e '/x/p' file.txt",
    'uniq -c sorted.txt',
    'sort file.txt | uniq',
    'x=$(pwd)',
    'node --version',
    'python3 --version',
    'git --version',
    'ls -1 | xargs wc -l',
    'set -euo pipefail',
    'cat ~/notes.txt',
  ];
  it.each(readOnly)('%s is safe', (cmd) => {
    expect(run(cmd).risk).toBe('safe');
  });
  it.each([
    "awk 'BEGIN {system(\"rm -rf /tmp/x\")}'",
    "awk '{print > \"/tmp/x\"}' f",
    "awk '{print | \"sh\"}' f",
    "awk '{ \"date\" | getline d }' f",
    "sed -n 'w /tmp/x' f",
    "sed -n '1e rm -rf /tmp/x' f",
    "sed -i 's/a/b/' f",
    "sed 's/a/b/w /tmp/x' f",
    "sed -n -f script.sed f",
    'uniq in.txt out.txt',
  ])('%s is not safe', (cmd) => {
    expect(run(cmd).risk).not.toBe('safe');
  });
});

describe('git in a repository the agent could have written (its config names programs git runs)', () => {
  // A real folder: what decides is what lies on disk (a nested .git, or a bare repository's files).
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-nested-repo-')));
  const ws = join(base, 'ws');
  for (const d of ['.git', 'src', 'sub/.git', 'evil/objects', 'evil/refs']) mkdirSync(join(ws, d), { recursive: true });
  writeFileSync(join(ws, 'evil', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(ws, 'evil', 'config'), '[core]\n\tworktree = ..\n\tfsmonitor = "rm -rf /tmp/x"\n');
  const at = (cmd: string) => classify(cmd, ws, { home: HOME, realPath: (p) => p });
  it.each(['git -C sub status', 'cd sub && git status', 'git -C evil status', 'cd evil; git log', 'git --git-dir=evil status', 'git -C sub/deeper log'])(
    '%s is not read-only',
    (cmd) => {
      const r = at(cmd);
      expect(r.risk).not.toBe('safe');
      expect(r.reasons.join(' ')).toMatch(/configuration of the repository/);
    },
  );
  it.each(['git status', 'git -C src log', 'cd src && git diff', `git -C ${ws} status`])('%s stays read-only (the workspace’s own repository)', (cmd) => {
    expect(at(cmd).risk).toBe('safe');
  });
});
