/** The users module's only door: other modules and the app import from here. */

export { userRoutes } from './routes.js';
export {
  addUser,
  countUsers,
  createUserService,
  type EndSessions,
  findUserByEmail,
  findUserById,
  findUserBySession,
  type NewUser,
  setUserPassword,
  type UserRow,
  type UserService,
  type UserWithLinks,
} from './service.js';
