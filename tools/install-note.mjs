// After `npm install` / `npm ci` (the root's prepare script): what a newcomer needs about Node.
const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
const own = npmNode && npmNode !== process.version ? ` (npm itself ran on your Node ${npmNode})` : '';
console.log(
  `oddsboard: Node 24 comes with the project (the node@24 dev dependency): npm scripts and npx run Node ${process.version}${own}; nothing else to install.\n` +
    'oddsboard: npm prints errors only in this project (.npmrc), else npm on Node 20 prints ~40 engine warnings ' +
    'about packages that want Node ≥ 22 (they run on Node 24); `npm install --loglevel=warn` shows every warning.',
);
