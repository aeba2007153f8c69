import { Type, type Static } from 'typebox';
export declare const MessageSender: Type.TObject<{
    _id: Type.TString;
    role: Type.TString;
    name: Type.TString;
    username: Type.TString;
    photo_profile: Type.TString;
    membershipTier: Type.TString;
}>;
export declare const ChatMessage: Type.TObject<{
    _id: Type.TString;
    content: Type.TString;
    createdAt: Type.TString;
    editedAt: Type.TUnion<[Type.TString, Type.TNull]>;
    sender: Type.TObject<{
        _id: Type.TString;
        role: Type.TString;
        name: Type.TString;
        username: Type.TString;
        photo_profile: Type.TString;
        membershipTier: Type.TString;
    }>;
    type: Type.TEnum<["global", "private"]>;
    chatId: Type.TUnion<[Type.TString, Type.TNull]>;
    replyTo: Type.TUnion<[Type.TObject<{
        _id: Type.TString;
        sender: Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            name: Type.TString;
            username: Type.TString;
            photo_profile: Type.TString;
            membershipTier: Type.TString;
        }>;
        preview: Type.TString;
    }>, Type.TNull]>;
    hiddenFor: Type.TArray<Type.TString>;
    hidden: Type.TBoolean;
    deleted: Type.TBoolean;
    seq: Type.TInteger;
    clientId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
}>;
export declare const ChatParticipant: Type.TObject<{
    _id: Type.TString;
    role: Type.TString;
    username: Type.TString;
    name: Type.TString;
    photo_profile: Type.TString;
}>;
export declare const ChatSummary: Type.TObject<{
    _id: Type.TString;
    participants: Type.TArray<Type.TObject<{
        _id: Type.TString;
        role: Type.TString;
        username: Type.TString;
        name: Type.TString;
        photo_profile: Type.TString;
    }>>;
    lastMessage: Type.TUnion<[Type.TObject<{
        content: Type.TString;
        createdAt: Type.TString;
        sender: Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            name: Type.TString;
            username: Type.TString;
            photo_profile: Type.TString;
            membershipTier: Type.TString;
        }>;
    }>, Type.TNull]>;
    unreadCount: Type.TInteger;
    seq: Type.TInteger;
    online: Type.TOptional<Type.TBoolean>;
}>;
export declare const ChatEventRecord: Type.TObject<{
    _id: Type.TString;
    stream: Type.TString;
    seq: Type.TInteger;
    type: Type.TEnum<["message.posted", "message.edited", "message.hidden", "message.unhidden", "message.deleted", "chat.read"]>;
    actorId: Type.TString;
    at: Type.TString;
    message: Type.TOptional<Type.TObject<{
        _id: Type.TString;
        content: Type.TString;
        createdAt: Type.TString;
        editedAt: Type.TUnion<[Type.TString, Type.TNull]>;
        sender: Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            name: Type.TString;
            username: Type.TString;
            photo_profile: Type.TString;
            membershipTier: Type.TString;
        }>;
        type: Type.TEnum<["global", "private"]>;
        chatId: Type.TUnion<[Type.TString, Type.TNull]>;
        replyTo: Type.TUnion<[Type.TObject<{
            _id: Type.TString;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
            preview: Type.TString;
        }>, Type.TNull]>;
        hiddenFor: Type.TArray<Type.TString>;
        hidden: Type.TBoolean;
        deleted: Type.TBoolean;
        seq: Type.TInteger;
        clientId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
    }>>;
    readerId: Type.TOptional<Type.TString>;
    upTo: Type.TOptional<Type.TInteger>;
}>;
export declare const MessageList: Type.TObject<{
    messages: Type.TArray<Type.TObject<{
        _id: Type.TString;
        content: Type.TString;
        createdAt: Type.TString;
        editedAt: Type.TUnion<[Type.TString, Type.TNull]>;
        sender: Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            name: Type.TString;
            username: Type.TString;
            photo_profile: Type.TString;
            membershipTier: Type.TString;
        }>;
        type: Type.TEnum<["global", "private"]>;
        chatId: Type.TUnion<[Type.TString, Type.TNull]>;
        replyTo: Type.TUnion<[Type.TObject<{
            _id: Type.TString;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
            preview: Type.TString;
        }>, Type.TNull]>;
        hiddenFor: Type.TArray<Type.TString>;
        hidden: Type.TBoolean;
        deleted: Type.TBoolean;
        seq: Type.TInteger;
        clientId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
    }>>;
    nextCursor: Type.TUnion<[Type.TString, Type.TNull]>;
}>;
export declare const MessageResponse: Type.TObject<{
    message: Type.TObject<{
        _id: Type.TString;
        content: Type.TString;
        createdAt: Type.TString;
        editedAt: Type.TUnion<[Type.TString, Type.TNull]>;
        sender: Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            name: Type.TString;
            username: Type.TString;
            photo_profile: Type.TString;
            membershipTier: Type.TString;
        }>;
        type: Type.TEnum<["global", "private"]>;
        chatId: Type.TUnion<[Type.TString, Type.TNull]>;
        replyTo: Type.TUnion<[Type.TObject<{
            _id: Type.TString;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
            preview: Type.TString;
        }>, Type.TNull]>;
        hiddenFor: Type.TArray<Type.TString>;
        hidden: Type.TBoolean;
        deleted: Type.TBoolean;
        seq: Type.TInteger;
        clientId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
    }>;
}>;
export declare const ChatResponse: Type.TObject<{
    chat: Type.TObject<{
        _id: Type.TString;
        participants: Type.TArray<Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            username: Type.TString;
            name: Type.TString;
            photo_profile: Type.TString;
        }>>;
        lastMessage: Type.TUnion<[Type.TObject<{
            content: Type.TString;
            createdAt: Type.TString;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
        }>, Type.TNull]>;
        unreadCount: Type.TInteger;
        seq: Type.TInteger;
        online: Type.TOptional<Type.TBoolean>;
    }>;
}>;
export declare const ChatList: Type.TObject<{
    chats: Type.TArray<Type.TObject<{
        _id: Type.TString;
        participants: Type.TArray<Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            username: Type.TString;
            name: Type.TString;
            photo_profile: Type.TString;
        }>>;
        lastMessage: Type.TUnion<[Type.TObject<{
            content: Type.TString;
            createdAt: Type.TString;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
        }>, Type.TNull]>;
        unreadCount: Type.TInteger;
        seq: Type.TInteger;
        online: Type.TOptional<Type.TBoolean>;
    }>>;
}>;
export declare const EventList: Type.TObject<{
    events: Type.TArray<Type.TObject<{
        _id: Type.TString;
        stream: Type.TString;
        seq: Type.TInteger;
        type: Type.TEnum<["message.posted", "message.edited", "message.hidden", "message.unhidden", "message.deleted", "chat.read"]>;
        actorId: Type.TString;
        at: Type.TString;
        message: Type.TOptional<Type.TObject<{
            _id: Type.TString;
            content: Type.TString;
            createdAt: Type.TString;
            editedAt: Type.TUnion<[Type.TString, Type.TNull]>;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
            type: Type.TEnum<["global", "private"]>;
            chatId: Type.TUnion<[Type.TString, Type.TNull]>;
            replyTo: Type.TUnion<[Type.TObject<{
                _id: Type.TString;
                sender: Type.TObject<{
                    _id: Type.TString;
                    role: Type.TString;
                    name: Type.TString;
                    username: Type.TString;
                    photo_profile: Type.TString;
                    membershipTier: Type.TString;
                }>;
                preview: Type.TString;
            }>, Type.TNull]>;
            hiddenFor: Type.TArray<Type.TString>;
            hidden: Type.TBoolean;
            deleted: Type.TBoolean;
            seq: Type.TInteger;
            clientId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
        }>>;
        readerId: Type.TOptional<Type.TString>;
        upTo: Type.TOptional<Type.TInteger>;
    }>>;
    nextCursor: Type.TUnion<[Type.TString, Type.TNull]>;
}>;
export declare const WithAdminResponse: Type.TObject<{
    chat: Type.TUnion<[Type.TObject<{
        _id: Type.TString;
        participants: Type.TArray<Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            username: Type.TString;
            name: Type.TString;
            photo_profile: Type.TString;
        }>>;
        lastMessage: Type.TUnion<[Type.TObject<{
            content: Type.TString;
            createdAt: Type.TString;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
        }>, Type.TNull]>;
        unreadCount: Type.TInteger;
        seq: Type.TInteger;
        online: Type.TOptional<Type.TBoolean>;
    }>, Type.TNull]>;
    messages: Type.TArray<Type.TObject<{
        _id: Type.TString;
        content: Type.TString;
        createdAt: Type.TString;
        editedAt: Type.TUnion<[Type.TString, Type.TNull]>;
        sender: Type.TObject<{
            _id: Type.TString;
            role: Type.TString;
            name: Type.TString;
            username: Type.TString;
            photo_profile: Type.TString;
            membershipTier: Type.TString;
        }>;
        type: Type.TEnum<["global", "private"]>;
        chatId: Type.TUnion<[Type.TString, Type.TNull]>;
        replyTo: Type.TUnion<[Type.TObject<{
            _id: Type.TString;
            sender: Type.TObject<{
                _id: Type.TString;
                role: Type.TString;
                name: Type.TString;
                username: Type.TString;
                photo_profile: Type.TString;
                membershipTier: Type.TString;
            }>;
            preview: Type.TString;
        }>, Type.TNull]>;
        hiddenFor: Type.TArray<Type.TString>;
        hidden: Type.TBoolean;
        deleted: Type.TBoolean;
        seq: Type.TInteger;
        clientId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
    }>>;
    nextCursor: Type.TUnion<[Type.TString, Type.TNull]>;
    admins: Type.TArray<Type.TObject<{
        _id: Type.TString;
        role: Type.TString;
        username: Type.TString;
        name: Type.TString;
        photo_profile: Type.TString;
    }>>;
}>;
/** Older pages: `before` is the `nextCursor` of the page before. */
export declare const PageQuery: Type.TObject<{
    before: Type.TOptional<Type.TInteger>;
    limit: Type.TOptional<Type.TInteger>;
}>;
export type PageQuery = Static<typeof PageQuery>;
export declare const ChatQuery: Type.TIntersect<[Type.TObject<{
    before: Type.TOptional<Type.TInteger>;
    limit: Type.TOptional<Type.TInteger>;
}>, Type.TObject<{
    chatId: Type.TOptional<Type.TString>;
}>]>;
export type ChatQuery = Static<typeof ChatQuery>;
export declare const EventsQuery: Type.TObject<{
    stream: Type.TString;
    after: Type.TOptional<Type.TInteger>;
    limit: Type.TOptional<Type.TInteger>;
}>;
export type EventsQuery = Static<typeof EventsQuery>;
export declare const PostBody: Type.TObject<{
    content: Type.TString;
    type: Type.TOptional<Type.TEnum<["global", "private"]>>;
    chatId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
    replyTo: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
    clientId: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
}>;
export type PostBody = Static<typeof PostBody>;
export declare const EditBody: Type.TObject<{
    content: Type.TString;
}>;
export type EditBody = Static<typeof EditBody>;
export declare const HideBody: Type.TObject<{
    context: Type.TOptional<Type.TUnion<[Type.TString, Type.TNull]>>;
}>;
export type HideBody = Static<typeof HideBody>;
export declare const MessageParams: Type.TObject<{
    id: Type.TString;
}>;
export declare const ChatParams: Type.TObject<{
    chatId: Type.TString;
}>;
