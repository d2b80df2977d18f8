/** The users module's only door: other modules and the app import from here. */
import * as repo from './repository.js';

export { userRoutes } from './routes.js';
export { createUserService, type UserService } from './service.js';

/** What sign-in reads and writes of users (the first admin is created by auth at start-up). */
export const userRows = {
  findByEmail: repo.findByEmail,
  findById: repo.findById,
  findBySession: repo.findBySession,
  insertUser: repo.insertUser,
  setPasswordHash: repo.setPasswordHash,
  replaceEstablishmentLinks: repo.replaceEstablishmentLinks,
  countUsers: repo.countUsers,
};
