// The PostgreSQL binaries and their user, from bench/pg-tools.ts (the bench starts a cluster of its own too).
export { asClusterUser, clusterBin, postgresUser } from '../../bench/pg-tools.js';
