package dev.parley.domain.safety;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Behavioural facts kept in memory from the messages validated so far ({@link #record}): for
 * {@code parley validate --batch}, tests and replays without a store. Memory and time per message are bounded: each
 * map keeps at most {@code maxKeys} keys (least recently used dropped first); each time window is pruned as time
 * passes and keeps at most {@code countCap} instants, the newest (the rules only ask whether a limit is reached, so a
 * count is exact up to the cap and the cap beyond it: issue 35, a million messages to one recipient in a day kept a
 * million instants and counted them all for every message); a conversation keeps its last {@value #LEVELS_KEPT} risk
 * levels. Contacts known beforehand can be added with {@link #knowContact}. Synchronized: safe for several threads,
 * built for one.
 */
public final class InMemoryBehaviourFacts implements BehaviourFacts {
    static final int LEVELS_KEPT = 16;
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration DAY = Duration.ofDays(1);

    /** A cap above every frequency limit of the built-in policy (5 per hour, 50 per day). */
    public static final int DEFAULT_COUNT_CAP = 1_000;

    private final ZoneLookup zones;
    private final int countCap;
    private final Map<String, Deque<Instant>> pairHour;
    private final Map<String, Deque<Instant>> recipientDay;
    private final Map<String, Boolean> knownPairs;
    private final Map<String, Deque<RiskLevel>> conversations;

    /**
     * Facts with the given zone lookup, at most {@code maxKeys} keys per map and at most {@code countCap} instants per
     * time window: at least the policy's largest frequency limit ({@link #countCapFor}), so that every limit can
     * still be reached.
     */
    public InMemoryBehaviourFacts(ZoneLookup zones, int maxKeys, int countCap) {
        if (countCap < 1) throw new IllegalArgumentException("countCap must be ≥ 1");
        this.countCap = countCap;
        this.zones = Objects.requireNonNull(zones, "zones");
        this.pairHour = lru(maxKeys);
        this.recipientDay = lru(maxKeys);
        this.knownPairs = lru(maxKeys);
        this.conversations = lru(maxKeys);
    }

    /** Facts with the given zone lookup, at most {@code maxKeys} keys per map and {@link #DEFAULT_COUNT_CAP}. */
    public InMemoryBehaviourFacts(ZoneLookup zones, int maxKeys) {
        this(zones, maxKeys, DEFAULT_COUNT_CAP);
    }

    /** Facts with the given zone lookup and up to 100,000 keys per map. */
    public InMemoryBehaviourFacts(ZoneLookup zones) {
        this(zones, 100_000);
    }

    /** The smallest cap under which every frequency limit of {@code rules} can still be reached. */
    public static int countCapFor(SafetyRules rules) {
        var limits = rules.frequencyLimits();
        return Math.max(limits.maxMessagesPerHour(), limits.maxNotificationsPerDay());
    }

    /** Counts a validated message (whatever its decision) into the facts. */
    public synchronized void record(SafetyRequest request, SafetyResult result) {
        Instant at = result.timestamp();
        String pair = pair(request.sender(), request.recipient());
        add(pairHour.computeIfAbsent(pair, k -> new ArrayDeque<>()), at, HOUR);
        add(recipientDay.computeIfAbsent(request.recipient(), k -> new ArrayDeque<>()), at, DAY);
        knownPairs.put(pair, Boolean.TRUE);
        knownPairs.put(pair(request.recipient(), request.sender()), Boolean.TRUE);
        Deque<RiskLevel> levels = conversations.computeIfAbsent(request.conversationKey(), k -> new ArrayDeque<>());
        levels.addLast(result.riskLevel());
        while (levels.size() > LEVELS_KEPT) levels.removeFirst();
    }

    /** Marks the two parties as known to each other (an address book entry). */
    public synchronized void knowContact(String a, String b) {
        knownPairs.put(pair(a, b), Boolean.TRUE);
        knownPairs.put(pair(b, a), Boolean.TRUE);
    }

    @Override
    public synchronized int messagesLastHour(String source, String recipient, Instant at) {
        return countSince(pairHour.get(pair(source, recipient)), at, HOUR);
    }

    @Override
    public synchronized int notificationsLastDay(String recipient, Instant at) {
        return countSince(recipientDay.get(recipient), at, DAY);
    }

    @Override
    public synchronized ContactHistory contactHistory(String source, String recipient) {
        return knownPairs.containsKey(pair(source, recipient)) ? ContactHistory.KNOWN : ContactHistory.FIRST_CONTACT;
    }

    @Override
    public List<ZoneId> recipientZones(String recipient, String channel) {
        return zones.zonesOf(recipient, channel);
    }

    @Override
    public synchronized List<RiskLevel> recentRiskLevels(String conversation, int limit) {
        Deque<RiskLevel> levels = conversations.get(conversation);
        if (levels == null) return List.of();
        List<RiskLevel> all = new ArrayList<>(levels);
        return List.copyOf(all.subList(Math.max(0, all.size() - limit), all.size()));
    }

    /** The most instants any time window holds now (for tests of the memory bound). */
    public synchronized int largestWindow() {
        int largest = 0;
        for (var times : pairHour.values()) largest = Math.max(largest, times.size());
        for (var times : recipientDay.values()) largest = Math.max(largest, times.size());
        return largest;
    }

    /** Appends {@code at} to a window, dropping the instants a window older and the oldest past the cap. */
    private void add(Deque<Instant> times, Instant at, Duration window) {
        times.addLast(at);
        Instant from = at.minus(window);
        while (!times.isEmpty() && times.peekFirst().isBefore(from)) times.removeFirst();
        while (times.size() > countCap) times.removeFirst();
    }

    /**
     * Counts the instants in {@code [at − window, at)} (at most the cap), dropping those older than the window first:
     * the input is expected in time order (a batch, a replay), so a dropped instant could only count again for a
     * message that is more than the window older than one already seen.
     */
    private static int countSince(Deque<Instant> times, Instant at, Duration window) {
        if (times == null) return 0;
        Instant from = at.minus(window);
        while (!times.isEmpty() && times.peekFirst().isBefore(from)) times.removeFirst();
        int n = 0;
        for (var it = times.descendingIterator(); it.hasNext(); ) {
            Instant t = it.next();
            if (t.isBefore(at)) n++;
        }
        return n;
    }

    private static String pair(String a, String b) {
        return a + '\u001f' + b;
    }

    private static <V> Map<String, V> lru(int maxKeys) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > maxKeys;
            }
        };
    }
}
