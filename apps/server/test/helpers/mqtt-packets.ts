// MQTT 3.1.1 packets written by hand, for clients that must not behave as a library would: declare a
// length they never send, or send on without waiting for any answer. Used by the broker tests and by
// bench/mqtt-flood.

/** An MQTT fixed header: type and flags, then the remaining length in 7-bit bytes. */
export const fixedHeader = (type: number, remainingLength: number): Buffer => {
  const bytes = [type];
  let rest = remainingLength;
  do {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return Buffer.from(bytes);
};

const withHeader = (type: number, body: Buffer): Buffer =>
  Buffer.concat([fixedHeader(type, body.length), body]);

/** An MQTT string: its length in two bytes, then its UTF-8 bytes. */
const mqttString = (text: string): Buffer => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};

/** CONNECT with a username and password, clean session, 60 s keep-alive. */
export const connectPacket = (clientId: string, username: string, password: string): Buffer =>
  withHeader(
    0x10,
    Buffer.concat([
      mqttString('MQTT'),
      Buffer.from([4, 0xc2, 0, 60]),
      mqttString(clientId),
      mqttString(username),
      mqttString(password),
    ]),
  );

/** QoS 1 PUBLISH of `payload` as it is. */
export const publishPacket = (topic: string, messageId: number, payload: Buffer): Buffer =>
  withHeader(
    0x32,
    Buffer.concat([mqttString(topic), Buffer.from([messageId >> 8, messageId & 0xff]), payload]),
  );
