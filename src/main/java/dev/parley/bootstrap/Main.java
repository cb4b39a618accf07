package dev.parley.bootstrap;
public final class Main { public static void main(String[] a) { } }
