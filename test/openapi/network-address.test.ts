/**
 * Which addresses a remote spec may come from (src/openapi/network-address.ts): public unicast
 * addresses only; every private, loopback, link-local, unique-local, carrier-grade NAT, unspecified,
 * multicast, broadcast and reserved range is refused, in IPv4, IPv6 and IPv4 written as IPv6.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { privateRange } from '../../src/openapi/network-address.ts';

test('non-public addresses are refused, each with its range', () => {
  const table: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['intranet.example', 'reserved'],
  ];
  assert.deepEqual(
    table.map(([address]) => [address, privateRange(address)]),
    table,
  );
});

test('public addresses pass', () => {
  const addresses = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '169.255.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '[2a00:1450:4001::1]',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ];
  assert.deepEqual(
    addresses.filter((address) => privateRange(address) !== undefined),
    [],
  );
});
