// After `npm ci`: keeps better-sqlite3's compiled addon in npm's prebuild cache
// (~/.npm/_prebuilds, where its installer `prebuild-install` looks before downloading).
// This host cannot reach GitHub's release downloads, so without it every clean install compiles
// SQLite from source (~1.5-3 min on 2 cores); with it the next install unpacks the addon in ~1 s.
// The cache entry is named by prebuild-install itself from the package version, Node's ABI,
// platform and architecture, so a new version or Node compiles once again.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const util = require('prebuild-install/util');

const packageDir = path.dirname(require.resolve('better-sqlite3/package.json'));
const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const url = util.getDownloadUrl({
  pkg,
  runtime: 'node',
  abi: process.versions.modules,
  platform: process.platform,
  arch: process.arch,
  'tag-prefix': 'v',
});
const cached = util.cachedPrebuild(url);
const addon = 'build/Release/better_sqlite3.node';
if (fs.existsSync(cached)) {
  console.log(`better-sqlite3: addon already cached at ${cached}`);
} else if (!fs.existsSync(path.join(packageDir, addon))) {
  console.log(`better-sqlite3: no compiled addon at ${addon}; nothing cached`);
} else {
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const temporary = `${cached}.${process.pid}.tmp`;
  execFileSync('tar', ['-czf', temporary, '-C', packageDir, addon]);
  fs.renameSync(temporary, cached);
  console.log(`better-sqlite3: cached the compiled addon at ${cached}`);
}
