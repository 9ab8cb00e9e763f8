import type { RouteDefinition } from './route';
import * as admin from './routes/admin';
import * as auth from './routes/auth';
import * as cameras from './routes/cameras';
import * as charts from './routes/charts';
import * as chat from './routes/chat';
import * as health from './routes/health';
import * as location from './routes/location';
import * as news from './routes/news';
import * as notices from './routes/notices';
import * as ingest from './routes/ingest';
import * as gateways from './routes/gateways';
import * as reproduction from './routes/reproduction';
import * as reproductionKpis from './routes/reproduction-kpis';
import * as staff from './routes/staff';
import * as support from './routes/support';
import * as uploads from './routes/uploads';
import * as cows from './routes/cows';
import * as exchange from './routes/exchange';
import * as cowTypes from './routes/cow-types';
import * as system from './routes/system';
import * as user from './routes/user';
import * as orders from './routes/orders';
import * as push from './routes/push';
import * as plans from './routes/plans';
import * as wallet from './routes/wallet';

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
  staff: {
    listStaff: staff.listStaff,
    addMember: staff.addMember,
    changeMemberRole: staff.changeMemberRole,
    removeMember: staff.removeMember,
    createInvitation: staff.createInvitation,
    withdrawInvitation: staff.withdrawInvitation,
    joinFarm: staff.joinFarm,
  },
  cowTypes: {
    listCowTypes: cowTypes.listCowTypes,
    addCowType: cowTypes.addCowType,
    updateCowType: cowTypes.updateCowType,
    deleteCowType: cowTypes.deleteCowType,
    moveCowsToType: cowTypes.moveCowsToType,
    assignCowsType: cowTypes.assignCowsType,
  },
  wallet: {
    getWallet: wallet.getWallet,
    chargeCowTypeUsage: wallet.chargeCowTypeUsage,
    startTopUp: wallet.startTopUp,
    getStatement: wallet.getStatement,
  },
  orders: {
    listOrders: orders.listOrders,
    getOrder: orders.getOrder,
    supportFarmOrders: orders.supportFarmOrders,
    refundOrder: orders.refundOrder,
  },
  plans: {
    listPlans: plans.listPlans,
    subscribePlan: plans.subscribePlan,
    cancelPlan: plans.cancelPlan,
  },
  cows: {
    getCowsData: cows.getCowsData,
    getCowsFiles: cows.getCowsFiles,
    getCowInfo: cows.getCowInfo,
    addCow: cows.addCow,
    importCows: cows.importCows,
    updateCow: cows.updateCow,
    updateSensorStates: cows.updateSensorStates,
    sensorPage: cows.sensorPage,
    changeCowStatus: cows.changeCowStatus,
    cowHistory: cows.cowHistory,
    cowFamily: cows.cowFamily,
  },
  admin: {
    login: admin.login,
    restoreCow: admin.restoreCow,
    cowHistory: admin.cowHistory,
    disableUser: admin.disableUser,
    enableUser: admin.enableUser,
    chatInbox: admin.chatInbox,
    chatHistory: admin.chatHistory,
    chatPicture: admin.chatPicture,
    chatReply: admin.chatReply,
    chatRead: admin.chatRead,
  },
  support: {
    whoAmI: support.whoAmI,
    listFarms: support.listFarms,
    viewFarm: support.viewFarm,
    publishNews: support.publishNews,
    listNews: support.listNews,
    withdrawNews: support.withdrawNews,
    sendPlatformNotice: support.sendPlatformNotice,
    getAppVersion: support.getAppVersion,
    setAppVersion: support.setAppVersion,
    auditLog: support.auditLog,
  },
  news: {
    getNews: news.getNews,
  },
  reproduction: {
    addEstrus: reproduction.addEstrus,
    updateEstrus: reproduction.updateEstrus,
    deleteEstrus: reproduction.deleteEstrus,
    addFertilization: reproduction.addFertilization,
    updateFertilization: reproduction.updateFertilization,
    deleteFertilization: reproduction.deleteFertilization,
    addPregnancy: reproduction.addPregnancy,
    updatePregnancy: reproduction.updatePregnancy,
    deletePregnancy: reproduction.deletePregnancy,
    addCalving: reproduction.addCalving,
    updateCalving: reproduction.updateCalving,
    deleteCalving: reproduction.deleteCalving,
  },
  health: {
    addHealthCase: health.addHealthCase,
    updateHealthCase: health.updateHealthCase,
    deleteHealthCase: health.deleteHealthCase,
    listHealthCases: health.listHealthCases,
    addHealthCaseFile: health.addHealthCaseFile,
    removeHealthCaseFile: health.removeHealthCaseFile,
  },
  uploads: {
    upload: uploads.upload,
    download: uploads.download,
  },
  ingest: {
    postReadings: ingest.postReadings,
  },
  // owner-only (roles): every call of these two areas
  gateways: {
    listGateways: gateways.listGateways,
    addGateway: gateways.addGateway,
    rotateGatewaySecret: gateways.rotateGatewaySecret,
    deleteGateway: gateways.deleteGateway,
  },
  sensors: {
    listSensors: gateways.listSensors,
    registerSensors: gateways.registerSensors,
    removeSensor: gateways.removeSensor,
  },
  notices: {
    getNoticeData: notices.getNoticeData,
    getNoticeDatab: notices.getNoticeDatab,
    getNoticeDatabtd: notices.getNoticeDatabtd,
    readNotices: notices.readNotices,
  },
  chat: {
    relations: chat.relations,
    serviceHistory: chat.serviceHistory,
    history: chat.history,
    send: chat.send,
    picture: chat.picture,
    updateRelation: chat.updateRelation,
    friendRelation: chat.friendRelation,
    groupRelation: chat.groupRelation,
    groups: chat.groups,
    groupUsers: chat.groupUsers,
    group: chat.group,
    groupTypes: chat.groupTypes,
    findUser: chat.findUser,
    friendApply: chat.friendApply,
    friendApplies: chat.friendApplies,
    passApply: chat.passApply,
    refuseApply: chat.refuseApply,
    deleteFriend: chat.deleteFriend,
    createGroup: chat.createGroup,
    updateGroup: chat.updateGroup,
    deleteGroup: chat.deleteGroup,
    inviteToGroup: chat.inviteToGroup,
    removeFromGroup: chat.removeFromGroup,
    leaveGroup: chat.leaveGroup,
  },
  cameras: {
    listCameras: cameras.listCameras,
    addCamera: cameras.addCamera,
    updateCamera: cameras.updateCamera,
    deleteCamera: cameras.deleteCamera,
    cowCamera: cameras.cowCamera,
    cameraStream: cameras.cameraStream,
    demoStream: cameras.demoStream,
    streamFile: cameras.streamFile,
    noticeSnapshot: cameras.noticeSnapshot,
    mediaAuth: cameras.mediaAuth,
  },
  location: {
    getFarmLocation: location.getFarmLocation,
    setFarmLocation: location.setFarmLocation,
    setPenLocation: location.setPenLocation,
    listPaddocks: location.listPaddocks,
    addPaddock: location.addPaddock,
    deletePaddock: location.deletePaddock,
    setCowPaddock: location.setCowPaddock,
    cowLocation: location.cowLocation,
    herdPositions: location.herdPositions,
  },
  push: {
    pushKey: push.pushKey,
    addPushDevice: push.addPushDevice,
    listPushDevices: push.listPushDevices,
    removePushDevice: push.removePushDevice,
    renewPushDevice: push.renewPushDevice,
    getPushChoices: push.getPushChoices,
    setPushChoices: push.setPushChoices,
  },
  reproductionKpis: {
    reproductionKpis: reproductionKpis.reproductionKpis,
    reproductionActionLists: reproductionKpis.reproductionActionLists,
    getKpiSettings: reproductionKpis.getKpiSettings,
    putKpiSettings: reproductionKpis.putKpiSettings,
  },
  exchange: {
    exportAde: exchange.exportAde,
    previewAdeImport: exchange.previewAdeImport,
    importAde: exchange.importAde,
  },
  charts: {
    readingCounts: charts.readingCounts,
    activitySixHourly: charts.activitySixHourly,
    activityDaily: charts.activityDaily,
    temperatureAgainstYesterday: charts.temperatureAgainstYesterday,
    temperatureDeviation: charts.temperatureDeviation,
    activityLastSixHours: charts.activityLastSixHours,
    temperatureDaily: charts.temperatureDaily,
    readingsOfDay: charts.readingsOfDay,
    temperatureHourly: charts.temperatureHourly,
    temperatureActivityHourly: charts.temperatureActivityHourly,
    temperatureWithAverage: charts.temperatureWithAverage,
    herdHourly: charts.herdHourly,
    saveSensorBounds: charts.saveSensorBounds,
  },
} as const;

export type Api = typeof api;
export type ApiArea = keyof Api;

/** Every route of the contract in one list, whatever its area. */
export const allRoutes: readonly RouteDefinition[] = Object.values(api).flatMap(
  (area) => Object.values(area) as RouteDefinition[],
);
