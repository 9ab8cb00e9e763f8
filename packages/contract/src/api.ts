import * as auth from './routes/auth';
import * as system from './routes/system';
import * as user from './routes/user';

/** Every call the server serves, by area. The server registers from this; the web client is typed by it. */
export const api = {
  auth: {
    login: auth.login,
    register: auth.register,
    refreshToken: auth.refreshToken,
    logout: auth.logout,
    agreement: auth.agreement,
    changePassword: auth.changePassword,
  },
  system: {
    health: system.health,
    translationStrings: system.translationStrings,
    systemInfo: system.systemInfo,
    adminUserList: system.adminUserList,
    configDictionary: system.configDictionary,
    bossPasswordStatus: system.bossPasswordStatus,
    verifyBossPassword: system.verifyBossPassword,
    farmDataRun: system.farmDataRun,
  },
  user: {
    setLanguage: user.setLanguage,
    setPushClientId: user.setPushClientId,
    updateUser: user.updateUser,
    getUser: user.getUser,
    getSettings: user.getSettings,
    putSettings: user.putSettings,
    insertMessage: user.insertMessage,
    getMessages: user.getMessages,
    setSensorFilter: user.setSensorFilter,
  },
} as const;

export type Api = typeof api;
export type ApiArea = keyof Api;
