/**
 * Who of a farm may make each call that takes a user's token (architecture §10), in one list to review.
 * `owner`: only the farm's owners (money, settings, gateways, staff, cow-type charges); a staff token answers
 * 403 `E_OWNER_ONLY`. `member`: any member, owner or staff (cows, their records, notices, their own account).
 * The server enforces each route's `ownerOnly` flag; a contract test holds this list and the flags together,
 * so a new route fails it until it is classified here. Keys are `METHOD path`.
 */
export const ROUTE_ROLES = {
  // auth: one's own login and password
  'POST login/login/logout': 'member',
  'PUT user/user/password': 'member',

  // system: texts, dictionaries, the farm's records. The boss password check stays open to staff: it guards
  // a cow's forced status change (a herd record), and an owner may share it; the settings it also unlocks
  // are owner-only by their own flag.
  'GET common/common/lgs/lgs': 'member',
  'GET common/common/getDataById/systeminfo/:id': 'member',
  'GET common/common/dict/getconfigdict/cows': 'member',
  'GET common/common/getbosspassword': 'member',
  'POST common/common/verifybosspassword': 'member',
  'POST common/common/farmdatarun': 'member',
  'POST common/common/getdbnamedata/news': 'member',

  // user: one's own profile and preferences; the farm settings are read by the record forms (pregnancy
  // check days), changed by owners only
  'PUT user/user/setLg/:id/:lang': 'member',
  'PUT user/user/setiotusercid/:id/:cid': 'member',
  'PUT user/user': 'member',
  'GET common/common/getKoUserDataById/:id': 'member',
  'GET user/user/getsetting/:id/:FarmNumber': 'member',
  'PUT user/user/getsetting/:id/:FarmNumber': 'owner',
  'POST user/user/insertmessage': 'member',
  'GET user/user/getmessage/:id': 'member',
  'PUT common/common/setkouserztftdata/:userId': 'member',

  // staff: managing the farm's people
  'GET staff/members': 'owner',
  'POST staff/members': 'owner',
  'PUT staff/members/:id/role': 'owner',
  'DELETE staff/members/:id': 'owner',
  'POST staff/invitations': 'owner',
  'DELETE staff/invitations/:id': 'owner',

  // gateways: the farm's devices and their secrets (architecture §10); the sensor inventory is open to staff,
  // who put collars and boluses on cows
  'GET gateways/list/:country/:FarmNumber': 'owner',
  'POST gateways/add/:country/:FarmNumber': 'owner',
  'POST gateways/rotate/:id': 'owner',
  'DELETE gateways/delete/:id': 'owner',
  'GET sensors/list/:country/:FarmNumber': 'member',
  'POST sensors/add/:country/:FarmNumber': 'member',
  'DELETE sensors/remove/:country/:FarmNumber/:sensor': 'member',

  // cow types: listing shows each cow's type to everyone; making, pricing and assigning types charges money
  'POST common/common/getusercowtype/:FarmNumber': 'member',
  'POST common/common/addusercowtype/:FarmNumber': 'owner',
  'PUT common/common/putusercowtype/:id': 'owner',
  'DELETE common/common/delusercowtype/:id': 'owner',
  'PUT common/common/cowmovetotype/:type': 'owner',
  'PUT news/news/update/cowstype': 'owner',

  // wallet: money
  'GET wallet/wallet/getwallet/:userId': 'owner',
  'POST wallet/topup/:userId': 'owner',
  'GET wallet/statement/:userId': 'owner',
  'GET wallet/orders/:userId': 'owner',
  'GET wallet/order/:userId/:orderId': 'owner',
  'GET wallet/plans/:userId': 'owner',
  'POST wallet/subscribe/:userId': 'owner',
  'POST wallet/cancel-plan/:userId': 'owner',
  'PUT user/user/update/usernb/:userId': 'owner',

  // cows: the herd, its sensors as worn (read), and a forced status change behind the boss password
  'GET common/common/getCowsData/:country/:FarmNumber': 'member',
  'GET common/common/getCowsfiles/:country/:FarmNumber': 'member',
  'GET common/common/getDataById/cowinfo/:id': 'member',
  'POST news/news/add/addcowsinfo': 'member',
  'PUT news/news/update/cows/:id': 'member',
  'POST news/news/add/importcows': 'member',
  'PUT common/common/upsensorzt/upsensorzt': 'member',
  'GET common/common/getckcomdata/:FarmNumber/:country': 'member',
  'PUT news/news/update/cowstatus/:id': 'member',
  'GET common/common/getcowhistory/:id': 'member',
  'GET common/common/getcowfamily/:id': 'member',

  // reproduction and health records
  'POST news/news/add/estrus': 'member',
  'PUT news/news/update/estrus/:id': 'member',
  'DELETE news/news/delete/estrus/:id': 'member',
  'POST news/news/add/fertilization': 'member',
  'PUT news/news/update/fertilization/:id': 'member',
  'DELETE news/news/delete/fertilization/:id': 'member',
  'POST news/news/add/pregnancy': 'member',
  'PUT news/news/update/pregnancy/:id': 'member',
  'DELETE news/news/delete/pregnancy/:id': 'member',
  'POST news/news/add/calving': 'member',
  'PUT news/news/update/calving/:id': 'member',
  'DELETE news/news/delete/calving/:id': 'member',
  'POST news/news/add/healthcase': 'member',
  'POST news/news/add/healthcasefile/:id': 'member',
  'DELETE news/news/delete/healthcasefile/:id/:uploadId': 'member',
  'PUT news/news/update/healthcase/:id': 'member',
  'DELETE news/news/delete/healthcase/:id': 'member',
  'GET news/news/healthcases/:cowId': 'member',

  // files of health cases
  'POST common/common/upload': 'member',
  'GET common/common/upload/:id': 'member',

  // notices
  'GET common/common/getNoticeData/:country/:FarmNumber/:phone': 'member',
  'GET common/common/getNoticeDatab/:country/:FarmNumber/:phone': 'member',
  'GET common/common/getNoticeDatabtd/:country/:FarmNumber/:phone': 'member',
  'PUT common/common/readnotice': 'member',

  // charts of the herd and of a sensor; the alert lines drawn on a sensor's charts are part of watching
  // the cows (the same call reads them), not a setting of the farm
  'POST news/news/gpko/num': 'member',
  'POST gpko/activitylinesix': 'member',
  'POST gpko/activitylinerds': 'member',
  'POST gpko/hotdatay': 'member',
  'POST gpko/hotdataynew': 'member',
  'POST gpko/activityline6': 'member',
  'POST gpko/templinerds': 'member',
  'POST gpko/line': 'member',
  'POST gpko/hot': 'member',
  'POST gpko/hotactivity': 'member',
  'POST gpko/templinepynew': 'member',
  'POST gpko/herdhourly': 'member',
  'POST news/news/gpko/uplow/:id': 'member',
  // chat: open to every member; membership of the conversation or group is the check (decision 0019)
  'POST bgyx/bgyx/getdata/friendrelation': 'member',
  'GET chat/chat/initusermessage/:id/:before': 'member',
  'GET chat/chat/messages/:conversationId': 'member',
  'POST chat/chat/send': 'member',
  'GET chat/chat/picture/:id': 'member',
  'PUT putdata/friendrelation': 'member',
  'POST common/common/finddata/friendrelation': 'member',
  'POST bgyx/bgyx/finddata/friendrelation': 'member',
  'POST getdata/chatgroup': 'member',
  'POST getdata/groupuser': 'member',
  'GET getdata/chatgroup/:gid': 'member',
  'POST getdata/grouptype': 'member',
  'POST chat/chat/finduser': 'member',
  'POST chat/chat/friendapply': 'member',
  'GET chat/chat/friendapplies': 'member',
  'POST chat/chat/passapply/:id': 'member',
  'POST chat/chat/refuseapply/:id': 'member',
  'DELETE chat/chat/friend/:fid': 'member',
  'POST chat/chat/group': 'member',
  'PUT chat/chat/group/:gid': 'member',
  'DELETE chat/chat/group/:gid': 'member',
  'POST chat/chat/group/:gid/users': 'member',
  'DELETE chat/chat/group/:gid/users/:uid': 'member',
  'POST chat/chat/group/:gid/exit': 'member',

  // cameras: every member watches the farm's cameras; adding, changing (credentials) and deleting them is
  // the owner's, like the gateways. The stream files are public routes: their signed ticket is the check.
  'GET device/device/getusercamera': 'member',
  'POST device/device/addcamera': 'owner',
  'PUT device/device/updatecamera/:id': 'owner',
  'DELETE device/device/deletecamera/:id': 'owner',
  'GET device/device/cowcamera/:cowId': 'member',
  'GET device/device/camerastream/:id': 'member',
  'GET device/device/noticesnapshot/:noticeId': 'member',
  'GET device/device/demostream': 'member',

  // location: every member sees where the cows are and puts a cow in a paddock (herd work, like her pen
  // on the cow form); the farm's point, its pens' points and drawing paddocks are the owner's settings
  'GET location/farm': 'member',
  'PUT location/farm': 'owner',
  'PUT location/pen/:cowTypeId': 'owner',
  'GET location/paddocks': 'member',
  'POST location/paddocks': 'owner',
  'DELETE location/paddocks/:id': 'owner',
  'PUT location/cow/:cowId/paddock': 'member',
  'GET location/cow/:cowId': 'member',
  'GET location/herd': 'member',
  // push: one's own devices and choices (every member is woken for the notices they may read)
  'GET push/push/key': 'member',
  'POST push/push/devices': 'member',
  'GET push/push/devices': 'member',
  'DELETE push/push/devices/:deviceId': 'member',
  'GET push/push/choices': 'member',
  'PUT push/push/choices': 'member',
  // reproduction KPIs: every member reads the herd's figures and lists; owners set the targets
  'GET kpis/reproduction': 'member',
  'GET kpis/reproduction/action-lists': 'member',
  'GET kpis/reproduction/settings': 'member',
  'PUT kpis/reproduction/settings': 'owner',
  // exchange (ICAR ADE): any member may take the farm's data out; bringing a file in creates cows, the owner's
  'GET exchange/ade/export': 'member',
  'POST exchange/ade/preview': 'owner',
  'POST exchange/ade/import': 'owner',
} as const satisfies Record<string, 'owner' | 'member'>;

/** A route's key in `ROUTE_ROLES`. */
export const routeRoleKey = (route: { method: string; path: string }): string =>
  `${route.method} ${route.path}`;
