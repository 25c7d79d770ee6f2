// Node 20 cannot run the TypeScript in lib/; the project brings Node 22 as a devDependency, which npm scripts use.
module.exports = function requireNode22(npmCommand) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    console.error(
      `This script needs Node 22 or newer, and this is Node ${process.versions.node}. Run it as \`${npmCommand}\`: npm scripts use the Node 22 that \`npm install\` put in node_modules.`,
    );
    process.exit(1);
  }
};
