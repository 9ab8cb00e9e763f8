import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { Services } from '../services';

/** Where gateways behind proxies that pass only HTTP(S) connect: MQTT over WebSocket on the server's port. */
export const MQTT_WEBSOCKET_PATH = '/mqtt';

/** 1013 "try again later": the close code for a WebSocket the server cannot serve now. */
const TRY_AGAIN_LATER = 1013;

/**
 * MQTT over WebSocket (subprotocol `mqtt`) on the server's own HTTP port, handed to the embedded broker: the
 * same logins, topic rules and acknowledgement as its TCP port. With an external broker there is nothing to
 * hand it to (that broker's own WebSocket listener serves gateways), so the socket is closed.
 */
export const registerMqttWebSocket = (app: FastifyInstance, services: Services): void => {
  app.get(MQTT_WEBSOCKET_PATH, { websocket: true }, (socket, request) => {
    const handle = services.mqtt?.handleWebSocket;
    if (!handle) {
      socket.close(TRY_AGAIN_LATER, 'MQTT over WebSocket is served with the embedded broker only');
      return;
    }
    handle(createWebSocketStream(socket), request.ip);
  });
};
